import { NavLink } from 'react-router';
import { Spinner } from '../../../components/spinner.tsx';
import { useCategories } from '../../../lib/categories.ts';

/** The category list used by the home sidebar and the category page's left column. */
export function CategoryLinks({ title }: { title: string }) {
  const categories = useCategories();
  return (
    <nav aria-label={title} className="bg-base-200 rounded-box self-start p-4">
      <h2 className="mb-3 text-lg font-bold tracking-wide">{title}</h2>
      {categories.isPending ? (
        <Spinner label="Loading categories" />
      ) : categories.isError ? (
        <p role="alert" className="text-error text-sm">
          The categories could not be loaded. Please reload the page.
        </p>
      ) : (
        <ul className="menu w-full gap-1 p-0">
          {(categories.data ?? []).map((category) => (
            <li key={category._id}>
              <NavLink to={`/category/${category._id}`} className="flex items-center gap-3">
                <img src={category.image} alt="" className="size-10 rounded object-cover" />
                <span>{category.category}</span>
              </NavLink>
            </li>
          ))}
        </ul>
      )}
    </nav>
  );
}
