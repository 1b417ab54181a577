import { useEffect, useState } from 'react';
import { IMAGE_ACCEPT_ATTRIBUTE } from '../lib/upload-image.ts';
import { Field, describedBy } from './form-field.tsx';

/** A PNG/JPG file chooser that previews the chosen picture. */
export function ImageInput({
  id,
  label,
  error,
  onChange,
}: {
  id: string;
  label: string;
  error?: string | undefined;
  onChange: (file: File | undefined) => void;
}) {
  const [preview, setPreview] = useState<string>();
  // A preview URL keeps its file in memory until revoked: on the next choice and on unmount.
  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );
  return (
    <Field id={id} label={label} error={error}>
      <div className="flex items-center gap-4">
        <input
          type="file"
          accept={IMAGE_ACCEPT_ATTRIBUTE}
          className="file-input file-input-bordered w-full"
          {...describedBy(id, error)}
          onChange={(event) => {
            const chosen = event.target.files?.[0];
            const canPreview = chosen && typeof URL.createObjectURL === 'function';
            setPreview(canPreview ? URL.createObjectURL(chosen) : undefined);
            onChange(chosen);
          }}
        />
        {preview && (
          <img
            src={preview}
            alt="Preview of the chosen image"
            className="size-16 rounded object-cover"
          />
        )}
      </div>
    </Field>
  );
}
