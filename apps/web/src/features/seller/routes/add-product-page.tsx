import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { uiMessages } from '@reloop/shared/messages';
import { Field, FormField, describedBy } from '../../../components/form-field.tsx';
import { ImageInput } from '../../../components/image-input.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { useCategories } from '../../../lib/categories.ts';
import { ImageUploadError, imageFileSchema, uploadImage } from '../../../lib/upload-image.ts';
import { useCreateProduct } from '../api/products.ts';
import { usePageTitle } from '../../../lib/page-title.ts';

/** /dashboard/addproduct — list a laptop for sale. */
const required = (label: string) => z.string().trim().min(1, `${label} is required`);
const number = (label: string) =>
  required(label).refine((value) => Number.isFinite(Number(value)), `${label} must be a number`);

const productFormSchema = z.object({
  name: required('Product name'),
  resalePrice: number('Resale price'),
  originalPrice: number('Original price'),
  location: required('Location'),
  mobile: required('Phone').regex(/^\d+$/, 'Phone must contain digits only'),
  yearOfUse: number('Year of purchase'),
  condition: z.enum(['excellent', 'good', 'fair'], { message: 'Condition is required' }),
  categoryId: required('Category'),
  description: required('Description'),
  image: imageFileSchema,
});
type ProductForm = z.input<typeof productFormSchema>;

export function Component() {
  usePageTitle('Add a product');
  const navigate = useNavigate();
  const categories = useCategories();
  const createProduct = useCreateProduct();
  const { register, control, handleSubmit, formState } = useForm<ProductForm>({
    resolver: zodResolver(productFormSchema),
    defaultValues: {
      name: '',
      resalePrice: '',
      originalPrice: '',
      location: '',
      mobile: '',
      yearOfUse: '',
      categoryId: '',
      description: '',
      image: undefined,
    },
  });

  const onSubmit = handleSubmit(async ({ image, ...product }) => {
    if (!image) return;
    try {
      const imgUrl = await uploadImage(image);
      await createProduct.mutateAsync({
        ...product,
        imgUrl,
        resalePrice: Number(product.resalePrice),
        originalPrice: Number(product.originalPrice),
        yearOfUse: Number(product.yearOfUse),
        condition: product.condition,
      });
      toast.success(uiMessages.productCreated);
      await navigate('/dashboard/products');
    } catch (error) {
      if (error instanceof ImageUploadError) toast.error(uiMessages.imageUploadFailed);
      else if (error instanceof ApiError) toast.error(errorMessage(error));
      else console.error(error);
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
            defaultValue=""
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
      </form>
    </section>
  );
}
