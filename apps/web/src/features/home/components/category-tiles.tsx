/**
 * The static promotional tiles of the home page. Their text stays at least 20px bold ("large
 * text"), which the lightest tile colours need for enough contrast.
 */
const tiles = [
  { label: 'SALE', tone: 'bg-error text-error-content' },
  { label: 'NEW', tone: 'bg-primary text-primary-content' },
  { label: 'WOMEN', tone: 'bg-secondary text-secondary-content' },
  { label: 'MEN', tone: 'bg-accent text-accent-content' },
  { label: 'ACCESSORIES', tone: 'bg-info text-info-content' },
  { label: 'SHOE', tone: 'bg-warning text-warning-content' },
];

export function CategoryTiles() {
  return (
    <section aria-label="Collections" className="mx-auto max-w-7xl px-4 py-10">
      <ul className="grid grid-cols-2 gap-4 md:grid-cols-3">
        {tiles.map((tile) => (
          <li
            key={tile.label}
            className={`rounded-box flex h-28 items-center justify-center px-2 text-xl font-extrabold tracking-wide sm:text-2xl sm:tracking-widest ${tile.tone}`}
          >
            {tile.label}
          </li>
        ))}
      </ul>
    </section>
  );
}
