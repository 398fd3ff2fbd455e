import { createHmac } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RecordedInsightKind } from '@shared/contracts/insights';
import { cellOf } from '@shared/utils/demand-grid';

/*
 * What decides whether a request is counted (issue 31, ADR 0164), and the one way routes record:
 * never with Do-Not-Track (`DNT: 1`) or Global Privacy Control (`Sec-GPC: 1`), never for an
 * account that turned counting off ("Don't count my visits"), never the truck's own operator (or
 * an admin) looking at it. Recording only pushes onto the process's buffer.
 */

/** The browser or the account asked not to be counted. */
export function countingRefused(request: FastifyRequest): boolean {
  const header = (name: string) => {
    const value = request.headers[name];
    return (Array.isArray(value) ? value[0] : value)?.trim();
  };
  return header('dnt') === '1' || header('sec-gpc') === '1' || Boolean(request.user?.insightsOptOut);
}

/**
 * Who is counted, for distinct counts only: a signed-in diner by account id, a visitor by a digest
 * of the day, address and browser keyed by the server's secret (it changes every day and cannot be
 * turned back into either).
 */
export function visitorOf(request: FastifyRequest, secret: string, at: Date): string {
  if (request.user) return `u:${request.user.id}`;
  const day = at.toISOString().slice(0, 10);
  const agent = request.headers['user-agent'] ?? '';
  return `a:${createHmac('sha256', secret).update(`${day}|${request.ip}|${agent}`).digest('base64url').slice(0, 16)}`;
}

const isDiner = (request: FastifyRequest) => !request.user || request.user.role === 'customer';

/** A diner did something with a truck (`operatorId`: its owner's, whose own views never count). */
export function recordTruckInsight(
  app: FastifyInstance,
  request: FastifyRequest,
  kind: RecordedInsightKind,
  truck: { id: number; operatorId: number | null },
  detail?: string,
): void {
  if (!isDiner(request) || countingRefused(request)) return;
  if (request.user && request.user.id === truck.operatorId) return;
  const at = app.insightsClock();
  app.insights.record({ kind, truckId: truck.id, visitor: visitorOf(request, app.config.jwtSecret, at), detail: detail ?? null, at });
}

/** A diner looked for food near a position: only its ~500 m cell is kept. */
export function recordSearch(app: FastifyInstance, request: FastifyRequest, latitude: number, longitude: number): void {
  if (!isDiner(request) || countingRefused(request)) return;
  const at = app.insightsClock();
  const { row, col } = cellOf(latitude, longitude);
  const visitor = visitorOf(request, app.config.jwtSecret, at);
  // A diner's list refetches (polls, reconnects) are one look for food, not many.
  app.insights.recordOnce(`${visitor}|${row}|${col}`, { kind: 'search', truckId: null, visitor, cellLat: row, cellLng: col, at });
}
