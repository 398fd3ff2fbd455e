import { createHmac } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';

export const STREAM_TICKET_TTL_SECONDS = 24 * 60 * 60;
const PURPOSE = 'event-stream';

/**
 * Tickets for GET /api/events?ticket=…: EventSource cannot send an Authorization header, and a
 * bearer token in a URL ends up in access logs. A ticket only opens the event stream: it is signed
 * with a key derived from the JWT secret, so it is never accepted as a bearer token (nor a bearer
 * token as a ticket). It lasts a day so browsers' automatic reconnects keep working.
 */
export class StreamTickets {
  private readonly key: Uint8Array;

  constructor(jwtSecret: string) {
    this.key = createHmac('sha256', jwtSecret).update('food-truck-finder/event-stream-ticket').digest();
  }

  sign(userId: number): Promise<string> {
    return new SignJWT({ purpose: PURPOSE })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(userId))
      .setIssuedAt()
      .setExpirationTime(`${STREAM_TICKET_TTL_SECONDS}s`)
      .sign(this.key);
  }

  /** The user id of a valid, unexpired ticket; undefined for anything else. */
  async verify(ticket: string): Promise<number | undefined> {
    try {
      const { payload } = await jwtVerify(ticket, this.key, { algorithms: ['HS256'] });
      const id = Number(payload.sub);
      return payload.purpose === PURPOSE && Number.isInteger(id) && id > 0 && id <= 2_147_483_647
        ? id
        : undefined;
    } catch {
      return undefined;
    }
  }
}
