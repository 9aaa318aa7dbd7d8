import { describe, expect, it } from 'vitest';
import { navigateLinks } from './navigate';

describe('navigateLinks', () => {
  it('geo: URI with the label, Amap and Baidu links marked as WGS84', () => {
    const l = navigateLinks(33.301234, 118.4, '东地 1');
    expect(l.geo).toBe('geo:33.301234,118.400000?q=33.301234,118.400000(%E4%B8%9C%E5%9C%B0%201)');
    const amap = new URL(l.amap);
    expect(amap.searchParams.get('position')).toBe('118.400000,33.301234');
    expect(amap.searchParams.get('coordinate')).toBe('wgs84');
    const baidu = new URL(l.baidu);
    expect(baidu.searchParams.get('location')).toBe('33.301234,118.400000');
    expect(baidu.searchParams.get('coord_type')).toBe('wgs84');
  });
});
