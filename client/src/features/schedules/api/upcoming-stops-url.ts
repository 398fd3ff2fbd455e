/**
 * Every truck's current and next stops (one request for every card and popup). Its own module, so
 * the page's first script (early-requests.ts) can ask for it without loading the query's code.
 */
export const UPCOMING_STOPS_URL = '/api/food-trucks/upcoming-stops';
