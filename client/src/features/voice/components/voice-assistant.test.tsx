import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch, renderWithApp, sentBody } from '@client/test/render';
import VoiceAssistant from './voice-assistant';

const answer = {
  text: 'The nearest open barbecue truck is Smokestack BBQ, 0.1 miles away.',
  transcript: 'where is the nearest barbecue truck',
  sessionId: 'session-123456',
  recommendedTruckIds: [7],
  recommendedTruckId: 7,
  recommendedTrucks: [{ id: 7, name: 'Smokestack BBQ' }],
  audioUrl: '/api/voice-assistant/audio/abcdefghijklmnop',
};

// userEvent typing is slow on a loaded machine.
vi.setConfig({ testTimeout: 30_000 });

beforeEach(() => {
  localStorage.clear();
  // No geolocation in jsdom: questions go without a position.
  vi.stubGlobal('navigator', { ...navigator, geolocation: undefined });
});
afterEach(() => vi.unstubAllGlobals());

describe('VoiceAssistant', () => {
  it('says when the browser cannot record, and still answers a typed question', async () => {
    const fetchMock = mockFetch({
      'POST /api/voice-assistant-free': () => json({ ...answer, freeUsesRemaining: 2 }),
    });
    const onRecommend = vi.fn();
    renderWithApp(<VoiceAssistant onRecommend={onRecommend} />);
    expect(
      screen.getByText(
        'Voice features are not supported in your browser. Please use a modern browser with microphone support.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Play answer' })).toBeDisabled();
    expect(screen.getByText('3 of 3 free questions left')).toBeInTheDocument();

    await userEvent.type(screen.getByRole('textbox', { name: 'Type your question' }), 'nearest bbq?');
    await userEvent.click(screen.getByRole('button', { name: 'Ask' }));
    expect(await screen.findByText(answer.text)).toBeInTheDocument();
    expect(sentBody(fetchMock, 'POST /api/voice-assistant-free')).toEqual({
      text: 'nearest bbq?',
      userLocation: null,
      sessionId: null,
    });
    expect(screen.getByText('2 of 3 free questions left')).toBeInTheDocument();
    expect(localStorage.getItem('voiceAssistantFreeUses')).toBe('2');
    expect(screen.getByRole('button', { name: 'Play answer' })).toBeEnabled();
    expect(
      await screen.findByText(
        /Response ready! Click the play button to hear it\. You have 2 free uses left\./,
      ),
    ).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Show Smokestack BBQ on map' }));
    expect(onRecommend).toHaveBeenCalledWith([7]);
  });

  it('continues the session and, on 429, shows the toast and the sign-up upsell', async () => {
    let calls = 0;
    const fetchMock = mockFetch({
      'POST /api/voice-assistant-free': () =>
        ++calls === 1
          ? json({ ...answer, freeUsesRemaining: 1 })
          : json({ message: 'Free uses exhausted' }, 429),
    });
    renderWithApp(<VoiceAssistant />);
    const box = screen.getByRole('textbox', { name: 'Type your question' });
    await userEvent.type(box, 'first{Enter}');
    await screen.findByText(answer.text);
    await userEvent.type(box, 'second{Enter}');
    expect(await screen.findByTestId('voice-upsell')).toBeInTheDocument();
    expect(
      screen.getByText('Sign up to continue using the voice assistant and save your favorite food trucks!', {
        selector: 'div[role=status] *, li *',
      }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/register');
    expect(localStorage.getItem('voiceAssistantFreeUses')).toBe('0');
    const posts = fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(posts[1]?.[1]?.body))).toMatchObject({ text: 'second', sessionId: 'session-123456' });
  });

  it("shows the server's count before the first question, and keeps the answer that used the last one", async () => {
    // The browser's stored number says 3; the server says this visitor has 1 left.
    mockFetch({
      'GET /api/voice-assistant-free/uses': () => json({ freeUsesRemaining: 1 }),
      'POST /api/voice-assistant-free': () => json({ ...answer, freeUsesRemaining: 0 }),
    });
    renderWithApp(<VoiceAssistant />);
    expect(await screen.findByText('1 of 3 free questions left')).toBeInTheDocument();
    expect(localStorage.getItem('voiceAssistantFreeUses')).toBe('1');
    await userEvent.type(screen.getByRole('textbox', { name: 'Type your question' }), 'last one{Enter}');
    expect(await screen.findByTestId('voice-upsell')).toBeInTheDocument();
    // The answer to the last free question is shown above the upsell, not hidden by it.
    expect(screen.getByTestId('voice-answer')).toHaveTextContent(answer.text);
    expect(localStorage.getItem('voiceAssistantFreeUses')).toBe('0');
  });

  it('shows the server message when processing fails', async () => {
    mockFetch({
      'POST /api/voice-assistant-free': () => json({ message: 'Recordings are limited to 30 seconds' }, 413),
    });
    renderWithApp(<VoiceAssistant variant="card" />);
    await userEvent.type(screen.getByRole('textbox', { name: 'Type your question' }), 'hello{Enter}');
    expect(await screen.findByText('Processing failed')).toBeInTheDocument();
    expect(screen.getByText('Recordings are limited to 30 seconds')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('3 of 3 free questions left')).toBeInTheDocument());
  });
});
