import { describe, expect, it } from 'vitest';
import { embedCardBody } from './embed-card';

const now = new Date('2026-11-23T20:00:00Z'); // Monday 12:00 in San Francisco
const stop = {
  stopId: 1,
  kind: 'weekly' as const,
  start: '2026-11-23T15:00:00.000Z',
  end: '2026-11-24T03:00:00.000Z',
  localDate: '2026-11-23',
  weekday: 1,
  startTime: '07:00',
  endTime: '19:00',
  latitude: 37.7592,
  longitude: -122.4188,
  address: '2400 MISSION ST',
};
const truck = {
  id: 1,
  name: 'Mission Street Dogs',
  cuisine: 'American',
  isOpen: false,
  address: '2400 MISSION ST',
  latitude: 37.7592,
  longitude: -122.4188,
  lastUpdated: now,
};

describe("the embed card's status line", () => {
  it("says an operator's closed truck is usually here, not open yet", () => {
    expect(embedCardBody({ truck, stops: [stop], publicUrl: 'https://ftf.example', script: null, eventId: 0, now })).toContain('not open yet');
  });

  it('promises nothing of an unclaimed listing (issue 26): it is never open', () => {
    const listing = { sourceName: 'SF open data', licence: 'PDDL', sourceUpdatedAt: '2026-11-12T00:00:00Z' };
    const body = embedCardBody({ truck: { ...truck, listing }, stops: [stop], publicUrl: 'https://ftf.example', script: null, eventId: 0, now });
    expect(body).not.toContain('not open yet');
    expect(body).toContain('2400 MISSION ST');
  });
});
