import { NavLink } from 'react-router';
import { useCategories } from '../../../lib/categories.ts';

/** The app has these five categories, always (the seed creates them). */
const CATEGORY_COUNT = 5;

const itemClass =
  'rounded-field bg-base-100 flex items-center gap-3 px-3 py-1.5 whitespace-nowrap lg:bg-transparent ' +
  'lg:px-2 hover:bg-base-300 aria-[current=page]:bg-primary aria-[current=page]:text-primary-content';
const imageClass = 'hidden size-10 shrink-0 rounded object-cover lg:block';

/**
 * The category list of the home page and the category page. On a phone it is one row of names
 * that scrolls sideways, so what follows (the hero, the products) starts on the first screen;
 * from a large screen up it is the left column, with pictures. It keeps its size while the
 * categories load.
 */
export function CategoryLinks({ title }: { title: string }) {
  const categories = useCategories();
  return (
    <nav aria-label={title} className="bg-base-200 rounded-box min-w-0 self-start p-3 lg:p-4">
      <h2 className="mb-2 font-bold tracking-wide lg:mb-3 lg:text-lg">{title}</h2>
      {categories.isError ? (
        <p role="alert" className="text-error text-sm">
          The categories could not be loaded. Please reload the page.
        </p>
      ) : (
        <ul
          className="-m-1 flex gap-2 overflow-x-auto p-1 lg:flex-col lg:gap-1"
          aria-busy={categories.isPending}
        >
          {categories.data
            ? categories.data.map((category) => (
                <li key={category._id}>
                  <NavLink to={`/category/${category._id}`} className={itemClass}>
                    {/* Lazy and hidden on a phone: then not fetched at all, leaving the network
                        to what the first screen shows. */}
                    <img src={category.image} alt="" className={imageClass} loading="lazy" />
                    <span>{category.category}</span>
                  </NavLink>
                </li>
              ))
            : Array.from({ length: CATEGORY_COUNT }, (_, index) => (
                <li key={index} className={itemClass} aria-hidden="true">
                  <span className={`${imageClass} skeleton`} />
                  <span className="skeleton my-1 h-4 w-16" />
                </li>
              ))}
        </ul>
      )}
    </nav>
  );
}
