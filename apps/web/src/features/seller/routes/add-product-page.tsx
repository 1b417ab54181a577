import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { productBodySchema } from '@reloop/shared';
import { uiMessages } from '@reloop/shared/messages';
import { Field, FormField, describedBy } from '../../../components/form-field.tsx';
import { ImageInput } from '../../../components/image-input.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { useCategories } from '../../../lib/categories.ts';
import { showFieldErrors } from '../../../lib/form-errors.ts';
import { numberFromText, required } from '../../../lib/form-schemas.ts';
import { usePageTitle } from '../../../lib/page-title.ts';
import { ImageUploadError, imageFileSchema, uploadImage } from '../../../lib/upload-image.ts';
import { useCreateProduct } from '../api/products.ts';

/**
 * /dashboard/addproduct — list a laptop for sale. The rules are the API's own (the shared
 * product schema); a refusal from the server lands on its field, with everything typed kept.
 */
const { shape } = productBodySchema;
const productFormSchema = productBodySchema
  .pick({ name: true, location: true, mobile: true, description: true })
  .extend({
    resalePrice: numberFromText(shape.resalePrice),
    originalPrice: numberFromText(shape.originalPrice),
    yearOfUse: numberFromText(shape.yearOfUse),
    condition: required(shape.condition),
    categoryId: required(shape.categoryId),
    image: imageFileSchema,
  });
type ProductFormInput = z.input<typeof productFormSchema>;
type ProductForm = z.output<typeof productFormSchema>;
const serverCheckedFields = [
  'name',
  'location',
  'mobile',
  'description',
  'resalePrice',
  'originalPrice',
  'yearOfUse',
  'condition',
  'categoryId',
] as const;

export function Component() {
  usePageTitle('Add a product');
  const navigate = useNavigate();
  const categories = useCategories();
  const createProduct = useCreateProduct();
  const [refusal, setRefusal] = useState<string | null>(null);
  const { register, control, handleSubmit, formState, setError } = useForm<
    ProductFormInput,
    unknown,
    ProductForm
  >({
    resolver: zodResolver(productFormSchema),
    defaultValues: {
      name: '',
      resalePrice: '',
      originalPrice: '',
      location: '',
      mobile: '',
      yearOfUse: '',
      condition: '',
      categoryId: '',
      description: '',
      image: undefined,
    },
  });

  const onSubmit = handleSubmit(async ({ image, ...product }) => {
    setRefusal(null);
    if (!image) return;
    try {
      const imgUrl = await uploadImage(image);
      await createProduct.mutateAsync({ ...product, imgUrl });
      toast.success(uiMessages.productCreated);
      await navigate('/dashboard/products');
    } catch (error) {
      if (showFieldErrors(error, serverCheckedFields, setError)) return;
      if (error instanceof ImageUploadError) return setRefusal(uiMessages.imageUploadFailed);
      if (!(error instanceof ApiError)) console.error(error);
      setRefusal(errorMessage(error));
    }
  });

  const { errors } = formState;
  const text = (id: keyof ProductForm, label: string, extra: Record<string, string> = {}) => (
    <FormField
      id={`product-${id}`}
      label={label}
      error={errors[id]?.message}
      {...extra}
      {...register(id)}
    />
  );
  return (
    <section className="max-w-3xl">
      <h1 className="mb-6 text-3xl font-bold">Add a product</h1>
      <form
        className="grid gap-4 md:grid-cols-2"
        onSubmit={(event) => void onSubmit(event)}
        noValidate
      >
        {text('name', 'Product name')}
        {text('location', 'Location', { autoComplete: 'address-level2' })}
        {text('resalePrice', 'Resale price ($)', { inputMode: 'decimal' })}
        {text('originalPrice', 'Original price ($)', { inputMode: 'decimal' })}
        {text('mobile', 'Phone', { inputMode: 'numeric', autoComplete: 'tel' })}
        {text('yearOfUse', 'Year of purchase', { inputMode: 'numeric' })}
        <Field id="product-condition" label="Condition" error={errors.condition?.message}>
          <select
            className="select select-bordered w-full"
            {...describedBy('product-condition', errors.condition?.message)}
            {...register('condition')}
          >
            <option value="" disabled>
              Choose the condition
            </option>
            <option value="excellent">excellent</option>
            <option value="good">good</option>
            <option value="fair">fair</option>
          </select>
        </Field>
        <Field id="product-categoryId" label="Category" error={errors.categoryId?.message}>
          <select
            className="select select-bordered w-full"
            {...describedBy('product-categoryId', errors.categoryId?.message)}
            {...register('categoryId')}
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
        <div className="md:col-span-2">
          <Controller
            control={control}
            name="image"
            render={({ field }) => (
              <ImageInput
                id="product-image"
                label="Product photo"
                error={errors.image?.message}
                onChange={field.onChange}
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
        <button
          type="submit"
          className="btn btn-primary md:col-span-2"
          disabled={formState.isSubmitting}
        >
          {formState.isSubmitting && (
            <span className="loading loading-spinner" aria-hidden="true" />
          )}
          Add product
        </button>
        <p role="alert" className="text-error min-h-5 text-sm md:col-span-2">
          {refusal}
        </p>
      </form>
    </section>
  );
}
