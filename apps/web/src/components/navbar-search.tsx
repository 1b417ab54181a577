import { LuSearch } from 'react-icons/lu';
import { useNavigate } from 'react-router';

/**
 * The navbar's search box, sent to /search?q=…. Lucide's icon rather than Feather's: every
 * Feather icon any page uses ships in the first bundle with the navbar's own.
 */
export default function NavbarSearch() {
  const navigate = useNavigate();
  return (
    <form
      role="search"
      aria-label="Site search"
      className="join w-full"
      onSubmit={(event) => {
        event.preventDefault();
        const words = new FormData(event.currentTarget).get('q')?.toString().trim();
        void navigate(words ? `/search?${new URLSearchParams({ q: words })}` : '/search');
      }}
    >
      <label htmlFor="navbar-search" className="sr-only">
        Search laptops
      </label>
      <input
        id="navbar-search"
        name="q"
        type="search"
        placeholder="Search laptops"
        maxLength={200}
        className="input input-sm join-item w-full max-md:text-base"
      />
      <button type="submit" className="btn btn-sm btn-primary join-item" aria-label="Search">
        <LuSearch aria-hidden="true" />
      </button>
    </form>
  );
}
