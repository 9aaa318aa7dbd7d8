import type { ReactNode } from 'react';

/** A plain form post: /api/session/logout clears the cookies and answers 303 → /login. */
export function LogoutButton({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <form action="/api/session/logout" method="post">
      <button type="submit" className={className}>
        {children}
      </button>
    </form>
  );
}
