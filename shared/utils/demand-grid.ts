/*
 * The demand map's grid (issue 31): cells of about 500 m, the same everywhere a diner searches.
 * A position is turned into its cell when it is recorded, so no position is ever stored; a cell is
 * told by its centre and corners. Rows are 0.0045° of latitude (≈ 500 m); within a row, columns are
 * as many degrees of longitude as make ≈ 500 m at the row's middle latitude.
 */

const LAT_STEP = 0.0045;

const lngStep = (row: number) => LAT_STEP / Math.max(0.01, Math.cos((((row + 0.5) * LAT_STEP) * Math.PI) / 180));

/** The cell of a position. */
export function cellOf(latitude: number, longitude: number): { row: number; col: number } {
  const row = Math.floor(latitude / LAT_STEP);
  return { row, col: Math.floor(longitude / lngStep(row)) };
}

/** A cell's centre and corners. */
export function cellBounds(row: number, col: number) {
  const step = lngStep(row);
  const south = row * LAT_STEP;
  const west = col * step;
  return { latitude: south + LAT_STEP / 2, longitude: west + step / 2, south, west, north: south + LAT_STEP, east: west + step };
}
