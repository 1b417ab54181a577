import { zodResolver } from '@hookform/resolvers/zod';
import { useRef, useState, type ReactNode } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { MAX_PHOTOS } from '@reloop/shared';
import { conditionGrades } from '@reloop/shared/conditions';
import { uiMessages } from '@reloop/shared/messages';
import { Field, FormField, describedBy } from '../../../components/form-field.tsx';
import { PhotoPicker, type PhotoItem } from '../../../components/photo-picker.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { useCategories } from '../../../lib/categories.ts';
import { showFieldErrors } from '../../../lib/form-errors.ts';
import { ImageUploadError, uploadImage } from '../../../lib/upload-image.ts';
import {
  productFormFields,
  productFormSchema,
  type ProductForm as ProductFormOutput,
  type ProductFormInput,
  type ProductListing,
} from './product-form-schema.ts';

type TextFieldName = Exclude<
  keyof ProductFormInput,
  'photos' | 'condition' | 'categoryId' | 'description' | 'batteryHealth'
>;

const grades = Object.entries(conditionGrades);

/** Props for a control whose hint, under it, is read out before its error. */
const hinted = (id: string, error: string | undefined) => ({
  ...describedBy(id, error),
  'aria-describedby': `${id}-hint ${id}-error`,
});

function Hint({ id, children }: { id: string; children: ReactNode }) {
  return (
    <p id={`${id}-hint`} className="text-base-content/70 mt-1 text-sm">
      {children}
    </p>
  );
}

/**
 * A laptop listing, new or edited. The rules are the API's own (product-form-schema.ts). On
 * submit the new photos are uploaded one by one, in their order, then `save` gets the listing;
 * a refusal from the server lands on its field, with everything typed kept.
 */
export function ProductForm({
  defaultValues,
  submitLabel,
  save,
}: {
  defaultValues: ProductFormInput;
  submitLabel: string;
  /** Sends the listing; what it throws is shown on the form. */
  save: (listing: ProductListing) => Promise<void>;
}) {
  const categories = useCategories();
  const [refusal, setRefusal] = useState<string | null>(null);
  const [upload, setUpload] = useState<{ done: number; total: number } | null>(null);
  // A file stored before the server refused the listing is not uploaded again on the next try.
  const storedFiles = useRef(new WeakMap<File, string>());
  const { register, control, handleSubmit, formState, setError } = useForm<
    ProductFormInput,
    unknown,
    ProductFormOutput
  >({ resolver: zodResolver(productFormSchema), defaultValues });
  const condition = useWatch({ control, name: 'condition' });
  // Controlled, so a listing's category shows once the categories arrive after the form.
  const categoryId = useWatch({ control, name: 'categoryId' });

  const storePhotos = async (photos: PhotoItem[]): Promise<string[]> => {
    const stored = storedFiles.current;
    const total = photos.filter((photo) => 'file' in photo && !stored.has(photo.file)).length;
    let done = 0;
    const urls: string[] = [];
    try {
      for (const photo of photos) {
        if ('url' in photo) {
          urls.push(photo.url);
          continue;
        }
        let url = stored.get(photo.file);
        if (url === undefined) {
          setUpload({ done, total });
          url = await uploadImage(photo.file);
          stored.set(photo.file, url);
          done += 1;
        }
        urls.push(url);
      }
    } finally {
      setUpload(null);
    }
    return urls;
  };

  const submit = async ({ photos, ...fields }: ProductFormOutput) => {
    setRefusal(null);
    try {
      await save({ ...fields, photos: await storePhotos(photos) });
    } catch (error) {
      if (showFieldErrors(error, productFormFields, setError)) return;
      if (error instanceof ImageUploadError) return setRefusal(uiMessages.imageUploadFailed);
      if (!(error instanceof ApiError)) console.error(error);
      setRefusal(errorMessage(error));
    }
  };

  const { errors, isSubmitting } = formState;
  const text = (name: TextFieldName, label: string, extra: Record<string, string> = {}) => (
    <FormField
      id={`product-${name}`}
      label={label}
      error={errors[name]?.message}
      {...extra}
      {...register(name)}
    />
  );
  const meaning = grades.find(([grade]) => grade === condition)?.[1].meaning;
  let progress = '';
  if (upload) progress = `Uploading photo ${upload.done + 1} of ${upload.total}…`;
  else if (isSubmitting) progress = 'Saving…';

  return (
    <form onSubmit={(event) => void handleSubmit(submit)(event)} noValidate>
      {/* Nothing changes under a listing while it is being sent. */}
      <fieldset disabled={isSubmitting} className="grid min-w-0 gap-4 md:grid-cols-2">
        {text('name', 'Product name')}
        <Field id="product-categoryId" label="Category" error={errors.categoryId?.message}>
          <select
            className="select select-bordered w-full"
            {...describedBy('product-categoryId', errors.categoryId?.message)}
            {...register('categoryId')}
            value={categoryId}
          >
            <option value="" disabled>
              {categories.isPending ? 'Loading categories…' : 'Choose a category'}
            </option>
            {(categories.data ?? []).map((category) => (
              <option key={category._id} value={category._id}>
                {category.category}
              </option>
            ))}
          </select>
        </Field>

        <h2 className="mt-2 text-xl font-semibold md:col-span-2">Specs and condition</h2>
        {text('model', 'Model', { placeholder: 'e.g. ThinkPad T14 Gen 2' })}
        {text('cpu', 'Processor (CPU)', { placeholder: 'e.g. Intel Core i5-1135G7' })}
        {text('ramGb', 'RAM (GB)', { inputMode: 'numeric' })}
        {text('storageGb', 'Storage (GB)', { inputMode: 'numeric' })}
        {text('screenInches', 'Screen size (inches)', { inputMode: 'decimal' })}
        <Field
          id="product-batteryHealth"
          label="Battery health (%)"
          error={errors.batteryHealth?.message}
        >
          <input
            className="input input-bordered w-full"
            inputMode="numeric"
            {...hinted('product-batteryHealth', errors.batteryHealth?.message)}
            {...register('batteryHealth')}
          />
          <Hint id="product-batteryHealth">
            Optional: how much of its original capacity the battery still holds.
          </Hint>
        </Field>
        <Field id="product-condition" label="Condition" error={errors.condition?.message}>
          <select
            className="select select-bordered w-full"
            {...hinted('product-condition', errors.condition?.message)}
            // The grade decides which battery health it allows.
            {...register('condition', { deps: ['batteryHealth'] })}
          >
            <option value="" disabled>
              Choose the condition
            </option>
            {grades.map(([grade, { label }]) => (
              <option key={grade} value={grade}>
                {label}
              </option>
            ))}
          </select>
          <Hint id="product-condition">
            {meaning ?? 'What the chosen grade promises buyers shows here.'}
          </Hint>
        </Field>
        {text('yearOfUse', 'Year of purchase', { inputMode: 'numeric' })}

        <h2 className="mt-2 text-xl font-semibold md:col-span-2">Price and contact</h2>
        {text('resalePrice', 'Resale price ($)', { inputMode: 'decimal' })}
        {text('originalPrice', 'Original price ($)', { inputMode: 'decimal' })}
        {text('location', 'Location', { autoComplete: 'address-level2' })}
        {text('mobile', 'Phone', { inputMode: 'numeric', autoComplete: 'tel' })}

        <div className="md:col-span-2">
          <Controller
            control={control}
            name="photos"
            render={({ field }) => (
              <PhotoPicker
                id="product-photos"
                label="Photos"
                max={MAX_PHOTOS}
                photos={field.value}
                onChange={field.onChange}
                error={errors.photos?.message}
                disabled={isSubmitting}
                inputRef={field.ref}
              />
            )}
          />
        </div>
        <Field
          id="product-description"
          label="Description"
          error={errors.description?.message}
          className="md:col-span-2"
        >
          <textarea
            className="textarea textarea-bordered w-full"
            rows={4}
            {...describedBy('product-description', errors.description?.message)}
            {...register('description')}
          />
        </Field>

        <button type="submit" className="btn btn-primary md:col-span-2">
          {isSubmitting && <span className="loading loading-spinner" aria-hidden="true" />}
          {submitLabel}
        </button>
        <p role="status" className="min-h-5 text-sm md:col-span-2">
          {progress}
        </p>
        <p role="alert" className="text-error min-h-5 text-sm md:col-span-2">
          {refusal}
        </p>
      </fieldset>
    </form>
  );
}
