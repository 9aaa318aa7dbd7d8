-- Field boundaries follow GeoJSON's right-hand rule (RFC 7946 §3.1.6: outer rings counter-clockwise,
-- holes clockwise), as every write now stores them (ST_ForcePolygonCCW in the boundary check). Rows
-- written before — Shapefile imports (the format winds outer rings clockwise) and the demo seed
-- (ST_MakeEnvelope) — are turned round here. Same point set, same area and centroid.
UPDATE "Field"
SET boundary = ST_ForcePolygonCCW(boundary)
WHERE boundary IS NOT NULL AND NOT ST_IsPolygonCCW(boundary);
