import { describe, expect, it } from 'vitest';
import { describeToday } from './push-outbox.service';
import { assertPushEndpoint, deviceLabel } from './push.service';

describe('push helpers', () => {
  it('names a device from its user agent', () => {
    expect(deviceLabel('Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/131.0 Mobile Safari/537.36')).toBe('Chrome on Android');
    expect(deviceLabel('Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) Version/17.4 Mobile/15E148 Safari/604.1')).toBe('Safari on iPhone');
    expect(deviceLabel('Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/131.0 Safari/537.36 Edg/131.0')).toBe('Edge on Windows');
    expect(deviceLabel('Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0')).toBe('Firefox on Linux');
    expect(deviceLabel(undefined)).toBe('Browser on an unknown system');
  });

  it("tells today's stops on the 12-hour clock", () => {
    expect(describeToday([])).toBe('No stops today.');
    expect(
      describeToday([
        { startMinute: 660, endMinute: 840, address: '6th & Congress' },
        { startMinute: 1080, endMinute: 1560, address: 'Rainey St' },
      ]),
    ).toMatch(/^Today: 11:00 AM\s?–\s?2:00 PM at 6th & Congress; 6:00 PM\s?–\s?2:00 AM at Rainey St$/);
  });

  it('admits only https endpoints on public names unless local ones are allowed', () => {
    expect(() => assertPushEndpoint('https://fcm.googleapis.com/fcm/send/x', {})).not.toThrow();
    for (const bad of ['http://fcm.googleapis.com/x', 'https://10.0.0.1/x', 'https://localhost/x', 'https://[::1]/x', 'https://u:p@push.example/x']) {
      expect(() => assertPushEndpoint(bad, {}), bad).toThrow();
    }
    expect(() => assertPushEndpoint('http://127.0.0.1:9/x', { allowLocalEndpoints: true })).not.toThrow();
  });
});
