import type { Metadata } from 'next';
import type { ReactNode } from 'react';

/** The field app is an installable PWA (public/field.webmanifest, public/sw.js; docs/offline.md). */
export const metadata: Metadata = {
  manifest: '/field.webmanifest',
  appleWebApp: { capable: true, title: 'AMMS', statusBarStyle: 'default' },
  icons: { apple: '/field-icon-192.png' },
};

export default function FieldLayout({ children }: { children: ReactNode }) {
  return children;
}
