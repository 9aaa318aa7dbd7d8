import type { Metadata } from 'next';
import type { ReactNode } from 'react';

/** The field app is an installable PWA (public/field.webmanifest, public/sw.js; docs/offline.md). */
export const metadata: Metadata = {
  manifest: '/field.webmanifest',
  appleWebApp: { capable: true, title: 'AMMS', statusBarStyle: 'default' },
  // the icon too: `icons` here replaces the root's (app/icon.svg), and a page without one has the
  // browser ask for /favicon.ico, a 404 on every field page (issue #31 §4.13)
  icons: { icon: { url: '/field-icon.svg', type: 'image/svg+xml' }, apple: '/field-icon-192.png' },
};

export default function FieldLayout({ children }: { children: ReactNode }) {
  return children;
}
