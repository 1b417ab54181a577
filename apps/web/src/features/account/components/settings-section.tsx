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
