import { useMutation } from '@tanstack/react-query';
import { errorMessage } from '../../../lib/api-client.ts';
import { downloadAccountExport, EXPORT_FILE_NAME } from '../api/account-export.ts';
import { FormProblem } from '../../../components/form-field.tsx';
import { SettingsSection } from './settings-section.tsx';

/** Everything Reloop holds about the user, as a file to keep. */
export function ExportSection() {
  const download = useMutation({ mutationFn: downloadAccountExport });
  return (
    <SettingsSection id="export" title="Your data">
      <p>
        Download everything Reloop holds about you — your profile, listings, bookings, sales,
        messages and notifications — as one JSON file ({EXPORT_FILE_NAME}).
      </p>
      <FormProblem>{download.isError && errorMessage(download.error)}</FormProblem>
      <div>
        <button
          type="button"
          className="btn btn-outline"
          disabled={download.isPending}
          onClick={() => download.mutate()}
        >
          {download.isPending && <span className="loading loading-spinner" aria-hidden="true" />}
          Download my data
        </button>
      </div>
    </SettingsSection>
  );
}
