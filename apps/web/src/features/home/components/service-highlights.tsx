import type { IconType } from 'react-icons';
import { FiCreditCard, FiGift, FiRepeat, FiShoppingCart, FiTruck } from 'react-icons/fi';

/** The five promises shown under the hero. */
const highlights: { icon: IconType; title: string; text: string }[] = [
  { icon: FiTruck, title: 'Free Delivery', text: 'free shipping worldwide' },
  { icon: FiShoppingCart, title: 'Unlimited Cart', text: 'book as many laptops as you like' },
  { icon: FiRepeat, title: 'Easy Transfer', text: 'meet the seller where it suits you' },
  { icon: FiCreditCard, title: 'Card Supported', text: 'pay securely by card' },
  { icon: FiGift, title: 'Exclusive Delivery', text: 'double bonus' },
];

export function ServiceHighlights() {
  return (
    <section aria-label="Why Reloop" className="mx-auto max-w-7xl px-4 py-10">
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
        {highlights.map(({ icon: Icon, title, text }) => (
          <li key={title} className="bg-base-200 rounded-box flex items-center gap-3 p-4">
            <Icon className="text-primary size-8 shrink-0" aria-hidden="true" />
            <div>
              <h3 className="font-bold">{title}</h3>
              <p className="text-base-content/70 text-sm">{text}</p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
