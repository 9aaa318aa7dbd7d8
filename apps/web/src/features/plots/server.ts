import 'server-only';
import { ZField, type TField } from '@amms/contracts/jobs';
import { notFound } from 'next/navigation';
import { loadOr404 } from '@/lib/server/load-or-404';
import { isUuid } from '@/lib/uuid';

/**
 * The field as the signed-in member may see it, read on the server before anything renders:
 * another org's id, a deleted field, one outside my data scope or not an id at all → the plain
 * 404 page; other failures → null (the browser fetches it and shows the error with a retry).
 */
export function loadPlotOr404(orgId: string, fieldId: string): Promise<TField | null> {
  if (!isUuid(fieldId)) notFound();
  return loadOr404(`orgs/${encodeURIComponent(orgId)}/fields/${encodeURIComponent(fieldId)}`, ZField);
}
