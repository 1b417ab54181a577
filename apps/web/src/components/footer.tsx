import { FaFacebookF, FaInstagram, FaLinkedinIn, FaXTwitter } from 'react-icons/fa6';
import { Link } from 'react-router';
import { Logo } from './logo.tsx';

/** About us, contact and shop links, social icons and the copyright line. */
export default function Footer() {
  return (
    <footer className="bg-base-200 text-base-content mt-12">
      <div className="footer mx-auto max-w-7xl p-10 sm:footer-horizontal">
        <div className="max-w-xs">
          <Logo className="size-10" />
          <p className="font-bold">Reloop</p>
          <p>Used laptops and second-hand goods from sellers you can trust.</p>
        </div>
        <nav aria-label="About us">
          <h2 className="footer-title">About us</h2>
          <Link className="link link-hover" to="/blog">
            Blog
          </Link>
          <Link className="link link-hover" to="/register">
            Become a seller
          </Link>
        </nav>
        <nav aria-label="Contact">
          <h2 className="footer-title">Contact</h2>
          <a className="link link-hover" href="mailto:hello@reloop.dev">
            hello@reloop.dev
          </a>
          <span>Mon–Fri, 9:00–17:00</span>
        </nav>
        <nav aria-label="Shop">
          <h2 className="footer-title">Ecommerce</h2>
          <Link className="link link-hover" to="/">
            Laptops
          </Link>
          <Link className="link link-hover" to="/dashboard/orders">
            My orders
          </Link>
        </nav>
        <nav aria-label="Social media">
          <h2 className="footer-title">Follow us</h2>
          <div className="flex gap-4 text-xl">
            <a
              href="https://www.facebook.com/"
              aria-label="Facebook"
              rel="noreferrer"
              target="_blank"
            >
              <FaFacebookF />
            </a>
            <a href="https://x.com/" aria-label="X" rel="noreferrer" target="_blank">
              <FaXTwitter />
            </a>
            <a
              href="https://www.instagram.com/"
              aria-label="Instagram"
              rel="noreferrer"
              target="_blank"
            >
              <FaInstagram />
            </a>
            <a
              href="https://www.linkedin.com/"
              aria-label="LinkedIn"
              rel="noreferrer"
              target="_blank"
            >
              <FaLinkedinIn />
            </a>
          </div>
        </nav>
      </div>
      <p className="border-base-300 border-t py-4 text-center text-sm">
        Copyright © {new Date().getFullYear()} Reloop. All rights reserved.
      </p>
    </footer>
  );
}
