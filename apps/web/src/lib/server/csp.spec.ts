import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, mapOrigins } from './csp';

const directive = (csp: string, name: string) => csp.split('; ').find((d) => d.startsWith(`${name} `))!;

describe('the basemap in the CSP', () => {
  it('nothing configured: no outside origin', () => {
    const csp = contentSecurityPolicy('n', { dev: false, mapOrigins: mapOrigins({}) });
    expect(directive(csp, 'connect-src')).toBe(`connect-src 'self'`);
    expect(directive(csp, 'img-src')).toBe(`img-src 'self' data: blob:`);
  });

  it('a style URL, a raster template with subdomains and extra hosts: their origins in connect-src and img-src', () => {
    const origins = mapOrigins({
      MAP_STYLE_URL: 'https://tiles.example.com/styles/basic/style.json?key=abc',
      MAP_RASTER_TILES: 'https://t{s}.tianditu.gov.cn/img_w/wmts?tk=KEY&TILEMATRIX={z}&TILEROW={y}&TILECOL={x}',
      MAP_TILE_HOSTS: 'https://fonts.example.com, sprites.example.com',
    });
    expect(origins).toEqual([
      'https://*.tianditu.gov.cn',
      'https://fonts.example.com',
      'https://sprites.example.com',
      'https://tiles.example.com',
    ]);
    const csp = contentSecurityPolicy('n', { dev: false, mapOrigins: origins });
    expect(directive(csp, 'connect-src')).toBe(`connect-src 'self' ${origins.join(' ')}`);
    expect(directive(csp, 'img-src')).toContain('https://*.tianditu.gov.cn');
    // scripts never: a tile host cannot run code
    expect(directive(csp, 'script-src')).not.toContain('tianditu');
  });

  it('plain http (but localhost), other schemes and junk are left out', () => {
    expect(
      mapOrigins({
        MAP_STYLE_URL: 'http://tiles.example.com/style.json',
        MAP_RASTER_TILES: 'http://localhost:8080/{z}/{x}/{y}.png',
        MAP_TILE_HOSTS: "javascript:alert(1),https://a b,'self' https://x.example.com",
      }),
    ).toEqual(['http://localhost:8080']);
  });
});
