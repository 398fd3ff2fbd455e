import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request the fake received. */
export interface FakeGeocoderRequest {
  path: string;
  params: Record<string, string>;
  userAgent: string | undefined;
}

export interface FakeGeocoder {
  /** Base URL to configure as GEOCODING_URL (with a path prefix, as a self-hosted server may have). */
  url: string;
  requests: FakeGeocoderRequest[];
  /** 'ok' answers; 'fail' answers 500; 'garbage' answers 200 with HTML; 'stall' never answers. */
  mode: 'ok' | 'fail' | 'garbage' | 'stall';
  close(): Promise<void>;
}

/** Rainey Street, Austin, as both servers describe it. */
export const RAINEY = { latitude: 30.2587, longitude: -97.7383 };
/** Austin's airport, 12 km from downtown; the Eiffel Tower, an ocean away (Nominatim only). */
export const AIRPORT = { latitude: 30.1975, longitude: -97.6664 };
export const EIFFEL_TOWER = { latitude: 48.8584, longitude: 2.2945 };

function json(res: ServerResponse, body: unknown) {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

const photonFeature = (properties: Record<string, string>, [lon, lat]: [number, number]) => ({
  type: 'Feature',
  geometry: { type: 'Point', coordinates: [lon, lat] },
  properties: { osm_type: 'W', osm_id: 1, country: 'United States', ...properties },
});

/**
 * A local stand-in for a Nominatim server (/search and /reverse, format=jsonv2) and a Photon one
 * (/api and /reverse, GeoJSON) under `/geo/`, answering with the shapes (and the quirks) of the real
 * ones: coordinates as strings in Nominatim, `{ error }` for a point with no address, [lon, lat] in
 * Photon, and a feature without a name. Tests of the real provider never reach the network.
 */
export async function startFakeGeocoder(): Promise<FakeGeocoder> {
  const open = new Set<ServerResponse>();
  const fake: FakeGeocoder = { url: '', requests: [], mode: 'ok', close: async () => {} };
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const params = Object.fromEntries(url.searchParams);
    fake.requests.push({ path: url.pathname, params, userAgent: req.headers['user-agent'] });
    if (fake.mode === 'stall') {
      open.add(res);
      return;
    }
    if (fake.mode === 'fail') {
      res.writeHead(500, { 'content-type': 'text/plain' }).end('boom');
      return;
    }
    if (fake.mode === 'garbage') {
      res.writeHead(200, { 'content-type': 'text/html' }).end('<html>maintenance</html>');
      return;
    }
    const q = (params.q ?? '').toLowerCase();
    switch (url.pathname) {
      case '/geo/search':
        return json(
          res,
          q.includes('rainey')
            ? [
                { place_id: 1, lat: String(RAINEY.latitude), lon: String(RAINEY.longitude), display_name: 'Rainey Street, Austin, Texas, United States' },
                { place_id: 2, lat: '30.2600', lon: '-97.7390', display_name: 'Rainey Street Historic District, Austin, Texas' },
              ]
            : q.includes('airport')
              ? [{ place_id: 3, lat: String(AIRPORT.latitude), lon: String(AIRPORT.longitude), display_name: 'Austin-Bergstrom International Airport, Austin, Texas' }]
              : q.includes('eiffel')
                ? [{ place_id: 4, lat: String(EIFFEL_TOWER.latitude), lon: String(EIFFEL_TOWER.longitude), display_name: 'Eiffel Tower, Paris, France' }]
                : [],
        );
      case '/geo/api':
        return json(res, {
          type: 'FeatureCollection',
          features: q.includes('rainey')
            ? [
                photonFeature({ name: 'Rainey Street', city: 'Austin', state: 'Texas' }, [RAINEY.longitude, RAINEY.latitude]),
                photonFeature({ housenumber: '90', street: 'Rainey Street', city: 'Austin', state: 'Texas' }, [-97.739, 30.259]),
                photonFeature({}, [-97.7, 30.2]),
              ]
            : [],
        });
      case '/geo/reverse': {
        const near = Math.abs(Number(params.lat) - RAINEY.latitude) < 0.01 && Math.abs(Number(params.lon) - RAINEY.longitude) < 0.01;
        if (params.format === 'jsonv2') {
          return json(res, near ? { lat: String(RAINEY.latitude), lon: String(RAINEY.longitude), display_name: '70 Rainey Street, Austin, Texas' } : { error: 'Unable to geocode' });
        }
        return json(res, {
          type: 'FeatureCollection',
          features: near ? [photonFeature({ housenumber: '70', street: 'Rainey Street', city: 'Austin', state: 'Texas' }, [RAINEY.longitude, RAINEY.latitude])] : [],
        });
      }
      default:
        res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/geo`;
  fake.close = async () => {
    for (const res of open) res.destroy();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return fake;
}
