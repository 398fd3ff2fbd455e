-- ADR 0167: the radius queries' spatial index becomes a 2-D GiST on point(longitude, latitude),
-- searched with the circle's latitude/longitude bounding box (modules/trucks/radius.ts) before the
-- exact earthdistance. The earth (cube) GiST it replaces cost about 40 % of a 10,000-row import on
-- PGlite to keep up.
DROP INDEX "food_trucks_earth_idx";--> statement-breakpoint
CREATE INDEX "food_trucks_point_idx" ON "food_trucks" USING gist (point("longitude", "latitude")) WHERE "food_trucks"."latitude" is not null and "food_trucks"."longitude" is not null;
