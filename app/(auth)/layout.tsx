import type { ReactNode } from "react";

/** Sign-in, sign-up and guest pages: one centred card. */
export default function AuthLayout({ children }: { children: ReactNode }) {
  return (
    <main id="main" className="auth-main">
      <div className="auth-card">
        <p className="brand brand-large">Octo playground</p>
        {children}
      </div>
    </main>
  );
}
