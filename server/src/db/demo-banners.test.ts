import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { CUISINES } from '@shared/constants';
import { demoBannerSvg } from './demo-banners';
import { DEMO_TRUCKS } from './seed';

/** Columns holding white text pixels (all channels above 225: the background never gets that light). */
async function textColumns(svg: string): Promise<{ min: number; max: number }> {
  const { data, info } = await sharp(Buffer.from(svg)).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  let min = Infinity;
  let max = -Infinity;
  for (let i = 0; i < data.length; i += info.channels) {
    if (data[i]! > 225 && data[i + 1]! > 225 && data[i + 2]! > 225) {
      const x = (i / info.channels) % info.width;
      min = Math.min(min, x);
      max = Math.max(max, x);
    }
  }
  return { min, max };
}

describe('demo banners', () => {
  // The square thumb keeps the middle 600 of 1600 px (x 500 to 1100).
  it.each(CUISINES.map((c) => [c]))('keeps the whole cuisine word %s inside the thumb crop', async (cuisine) => {
    const { min, max } = await textColumns(demoBannerSvg('Truck', cuisine));
    expect(min).toBeGreaterThanOrEqual(500);
    expect(max).toBeLessThan(1100);
  });

  it('keeps every demo truck name inside the thumb crop', async () => {
    for (const truck of DEMO_TRUCKS) {
      const { min, max } = await textColumns(demoBannerSvg(truck.name, truck.cuisine));
      expect([truck.name, min >= 500 && max < 1100]).toEqual([truck.name, true]);
    }
  });
});
