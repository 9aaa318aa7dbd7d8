'use client';

import { fieldKnowledgePaths, knowledgePaths } from './links';
import { PageViewer } from './page-viewer';

type Props = { orgId: string; documentId: string; versionId: string; page: number; highlight: string[]; back?: string };

/** The page viewer in the dashboard: other pages and the document page by dashboard links, `back` kept. */
export function DashboardPageViewer({ back, ...view }: Props) {
  const { orgId, documentId, versionId } = view;
  return (
    <PageViewer
      {...view}
      pageHref={(p) => knowledgePaths.page(orgId, { documentId, versionId, page: p, back })}
      documentHref={knowledgePaths.document(orgId, documentId)}
    />
  );
}

/** …and in the field app's phone frame. */
export function FieldPageViewer({ back, ...view }: Props) {
  const { orgId, documentId, versionId } = view;
  return (
    <PageViewer
      {...view}
      pageHref={(p) => fieldKnowledgePaths.page(orgId, { documentId, versionId, page: p, back })}
      compact
    />
  );
}
