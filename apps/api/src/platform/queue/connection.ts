/** BullMQ connection options from a redis:// URL (workers need `maxRetriesPerRequest: null`). */
export function bullConnection(url: string) {
  const u = new URL(url);
  return {
    host: u.hostname,
    port: Number(u.port || 6379),
    db: Number(u.pathname.replace('/', '') || 0),
    ...(u.password ? { password: decodeURIComponent(u.password) } : {}),
    maxRetriesPerRequest: null,
  };
}
