import type { ReactNode } from 'react';

/** The narrow card the sign-in, sign-up and account-recovery screens sit in. */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="mx-auto max-w-md px-4 py-12">
      <div className="card bg-base-200">
        <div className="card-body gap-4">
          <h1 className="text-center text-3xl font-bold">{title}</h1>
          {children}
        </div>
      </div>
    </div>
  );
}
