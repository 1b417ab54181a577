import type { QueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import toast from 'react-hot-toast';
import { Link, useNavigate, useParams, type Params } from 'react-router';
import type { ProductDetail } from '@reloop/shared';
import { Spinner } from '../../../components/spinner.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { usePageTitle } from '../../../lib/page-title.ts';
import { productQueryOptions, useProduct } from '../../../lib/product.ts';
import { useUpdateProduct } from '../api/products.ts';
import { ProductForm } from '../components/product-form.tsx';
import {
  productFormFields,
  productFormValues,
  type ProductListing,
} from '../components/product-form-schema.ts';

const MY_PRODUCTS = '/dashboard/products';
// The API's words for it (messages.productSold), written out: importing that catalogue would add
// all of it to the home page's first bundle, where the messages module is shared.
const ALREADY_SOLD = 'This product has already been sold';

/** The listing, asked for while the session is still being checked (the call is public). */
export function prefetch(queryClient: QueryClient, { id = '' }: Params) {
  void queryClient.prefetchQuery(productQueryOptions(id));
}

/**
 * /dashboard/products/:id/edit — change one of the seller's unsold listings, in the form that
 * made it. Only the fields that changed are sent; the server checks the listing they make.
 */
export function Component() {
  const { id = '' } = useParams();
  const product = useProduct(id);
  // Why the server refused an edit that no change to the form can fix (sold, deleted, not yours).
  const [refusal, setRefusal] = useState<string | null>(null);
  usePageTitle(product.data ? `Edit ${product.data.name}` : 'Edit a product');

  let body: ReactNode;
  if (product.isPending) body = <Spinner label="Loading the product" />;
  else if (!product.data) {
    const missing = product.error instanceof ApiError && product.error.status === 404;
    body = (
      <CannotEdit
        reason={errorMessage(product.error)}
        retry={missing ? undefined : () => void product.refetch()}
      />
    );
  } else if (refusal !== null) body = <CannotEdit reason={refusal} />;
  else if (product.data.status === 'sold') body = <CannotEdit reason={ALREADY_SOLD} />;
  else body = <EditProductForm product={product.data} onRefused={setRefusal} />;
  return (
    <section className="max-w-3xl">
      <h1 className="mb-6 text-3xl font-bold">Edit a product</h1>
      {body}
    </section>
  );
}

/** Answers that no change to the form overcomes: not the seller's (403), deleted (404), sold (409). */
const FINAL_REFUSALS = new Set([403, 404, 409]);

function EditProductForm({
  product,
  onRefused,
}: {
  product: ProductDetail;
  onRefused: (reason: string) => void;
}) {
  const navigate = useNavigate();
  const updateProduct = useUpdateProduct();
  const save = async (listing: ProductListing) => {
    const changes = changesTo(product, listing);
    if (Object.keys(changes).length === 0) {
      toast(NO_CHANGES);
      return navigate(MY_PRODUCTS);
    }
    try {
      await updateProduct.mutateAsync({ id: product._id, changes });
    } catch (error) {
      if (error instanceof ApiError && FINAL_REFUSALS.has(error.status)) {
        return onRefused(error.message);
      }
      throw error;
    }
    toast.success(PRODUCT_UPDATED);
    await navigate(MY_PRODUCTS);
  };
  return (
    <ProductForm
      defaultValues={productFormValues(product)}
      submitLabel="Save changes"
      save={save}
    />
  );
}

const PRODUCT_UPDATED = 'Product updated successfully';
const NO_CHANGES = 'Nothing was changed, so nothing was saved';

/** The fields of `listing` that differ from the listing as it was loaded. */
function changesTo(product: ProductDetail, listing: ProductListing): Partial<ProductListing> {
  const changes: Partial<ProductListing> = {};
  const compare = <Field extends keyof ProductListing>(field: Field) => {
    if (!sameValue(listing[field], product[field])) changes[field] = listing[field];
  };
  for (const field of productFormFields) compare(field);
  return changes;
}

/** Photos are the same when the same URLs are in the same order. */
const sameValue = (edited: unknown, current: unknown) =>
  Array.isArray(edited) && Array.isArray(current)
    ? edited.join('\n') === current.join('\n')
    : edited === current;

/** Why the form is not shown, and the way back (or a retry, when loading failed). */
function CannotEdit({ reason, retry }: { reason: string; retry?: () => void }) {
  return (
    <>
      <div role="alert" className="alert alert-error flex flex-col items-start gap-1">
        <p className="font-semibold">This listing cannot be edited now.</p>
        <p>{reason}</p>
      </div>
      <div className="mt-6 flex flex-wrap gap-3">
        {retry && (
          <button type="button" className="btn btn-primary" onClick={retry}>
            Try again
          </button>
        )}
        <Link to={MY_PRODUCTS} className="btn btn-outline">
          Back to All Products
        </Link>
      </div>
    </>
  );
}
