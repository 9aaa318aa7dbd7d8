/**
 * Links that open the phone's map app at a field: a `geo:` URI (Android's map apps), and Amap /
 * Baidu web links that hand over to their apps. Coordinates are WGS84: both links say so, so
 * the apps convert them to their own datum (GCJ-02 / BD-09) instead of drawing the pin 500 m off.
 */
export function navigateLinks(lat: number, lon: number, name: string) {
  const ll = `${lat.toFixed(6)},${lon.toFixed(6)}`;
  const amap = new URLSearchParams({
    position: `${lon.toFixed(6)},${lat.toFixed(6)}`,
    name,
    coordinate: 'wgs84',
    callnative: '1',
  });
  const baidu = new URLSearchParams({
    location: ll,
    title: name,
    content: name,
    coord_type: 'wgs84',
    output: 'html',
    src: 'amms',
  });
  return {
    geo: `geo:${ll}?q=${ll}(${encodeURIComponent(name)})`,
    amap: `https://uri.amap.com/marker?${amap.toString()}`,
    baidu: `https://api.map.baidu.com/marker?${baidu.toString()}`,
  };
}
