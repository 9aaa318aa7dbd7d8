import 'server-only';
import { ZAssetDetail, type TAssetDetail } from '@amms/contracts/assets';
import { notFound } from 'next/navigation';
import { getSessionTokens } from '@/lib/server/auth';
import { fetchApi } from '@/lib/server/upstream';
import { isUuid } from '@/lib/uuid';

/**
 * The machine as the signed-in member may see it, read on the server before anything renders.
 * Not visible (another org's id, deleted, outside my data scope, not an id at all) → the plain
 * 404 page, which shows nothing about the machine. Other failures → null: the browser
 * fetches it itself and shows the error with a retry.
 */
export async function loadAssetOr404(orgId: string, assetId: string): Promise<TAssetDetail | null> {
  if (!isUuid(assetId)) notFound();
  const { accessToken } = await getSessionTokens();
  if (!accessToken) return null;
  const res = await fetchApi(`orgs/${encodeURIComponent(orgId)}/assets/${encodeURIComponent(assetId)}`, {
    headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' },
  }).catch(() => null);
  if (!res) return null;
  if (res.status === 404 || res.status === 400) notFound();
  if (!res.ok) return null;
  const parsed = ZAssetDetail.safeParse(await res.json().catch(() => null));
  return parsed.success ? parsed.data : null;
}
