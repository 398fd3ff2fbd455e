/**
 * Landmarks diners name that are not a truck's address or a stop ("is there food near the
 * capitol"): the demo city's (Austin, TX), where the demo trucks park. The understanding layer
 * looks up places in the trucks' addresses and schedule places first-hand; these only add the
 * well-known names around them. The first name is the one answers say.
 */
export interface KnownPlace {
  names: string[];
  lat: number;
  lng: number;
}

export const KNOWN_PLACES: readonly KnownPlace[] = [
  { names: ['the Capitol', 'Texas State Capitol', 'State Capitol'], lat: 30.2747, lng: -97.7404 },
  { names: ['Zilker Park', 'Zilker'], lat: 30.2669, lng: -97.7729 },
  { names: ['the University of Texas', 'UT campus', 'UT Austin'], lat: 30.2849, lng: -97.7341 },
  { names: ['Lady Bird Lake', 'Town Lake'], lat: 30.2637, lng: -97.7513 },
  { names: ['South Congress', 'SoCo'], lat: 30.2493, lng: -97.7497 },
  { names: ['Sixth Street', 'Dirty Sixth'], lat: 30.2672, lng: -97.7392 },
  { names: ['Rainey Street'], lat: 30.2588, lng: -97.7387 },
  { names: ['the Convention Center', 'Austin Convention Center'], lat: 30.2635, lng: -97.7396 },
  { names: ['Barton Springs'], lat: 30.2641, lng: -97.7713 },
  { names: ['the Domain'], lat: 30.4021, lng: -97.7253 },
];
