/** The parts of shpjs the boundary import uses (the package ships no types). */
declare module 'shpjs' {
  /** GeoJSON geometries, one per record (null for a null shape), reprojected to WGS84 when a .prj is given */
  export function parseShp(shp: Uint8Array, prj?: string): ({ type: string; coordinates: unknown } | null)[];
  /** the attribute rows, decoded with the .cpg code page (default UTF-8 / Latin-1 per the header) */
  export function parseDbf(dbf: Uint8Array, cpg?: string): Record<string, unknown>[];
}
