import toast from 'react-hot-toast';
import { useNavigate } from 'react-router';
import { uiMessages } from '@reloop/shared/messages';
import { useAuth } from '../../../lib/auth.tsx';
import { usePageTitle } from '../../../lib/page-title.ts';
import { useCreateProduct } from '../api/products.ts';
import { ProductForm } from '../components/product-form.tsx';
import { emptyProductForm } from '../components/product-form-schema.ts';

/** /dashboard/addproduct — list a laptop for sale. */
export function Component() {
  usePageTitle('Add a product');
  const navigate = useNavigate();
  const createProduct = useCreateProduct();
  // The seller's role guard has read the user before this page shows: their phone is known.
  const { user } = useAuth();
  return (
    <section className="max-w-3xl">
      <h1 className="mb-6 text-3xl font-bold">Add a product</h1>
      <ProductForm
        defaultValues={{ ...emptyProductForm, mobile: user?.phone ?? '' }}
        submitLabel="Add product"
        save={async (listing) => {
          await createProduct.mutateAsync(listing);
          toast.success(uiMessages.productCreated);
          await navigate('/dashboard/products');
        }}
      />
    </section>
  );
}
