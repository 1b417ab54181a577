import type { ReactNode } from 'react';

/** One card of the settings page, named by its heading. */
export function SettingsSection({
  id,
  title,
  children,
}: {
  id: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={`${id}-title`} className="card bg-base-200">
      <div className="card-body gap-4 max-sm:p-4">
        <h2 id={`${id}-title`} className="card-title text-xl">
          {title}
        </h2>
        {children}
      </div>
    </section>
  );
}

/** A form's message for what is not about one field (a refusal, a network failure). */
export function FormProblem({ children }: { children: ReactNode }) {
  return (
    <p role="alert" className="text-error min-h-5 text-sm">
      {children}
    </p>
  );
}
