/** A page's `searchParams` prop as URLSearchParams (repeated keys kept in order), for server-side reads. */
export function searchParamsOf(sp: Record<string, string | string[] | undefined>): URLSearchParams {
  const out = new URLSearchParams();
  for (const [k, v] of Object.entries(sp)) {
    if (Array.isArray(v)) for (const x of v) out.append(k, x);
    else if (v !== undefined) out.append(k, v);
  }
  return out;
}
