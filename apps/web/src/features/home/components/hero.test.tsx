import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import HeroCarousel from './hero-carousel.tsx';
import { StaticHero } from './hero-slide.tsx';

const renderInRouter = (element: ReactNode) => render(<MemoryRouter>{element}</MemoryRouter>);

describe('home hero', () => {
  it('paints the first slide before the carousel, its image fetched first', () => {
    renderInRouter(<StaticHero productsPath="/category/1" />);
    expect(screen.getByRole('heading', { name: 'New Arrival' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See Products' }).getAttribute('href')).toBe(
      '/category/1',
    );
    const image = document.querySelector('img');
    expect(image?.getAttribute('fetchpriority')).toBe('high');
    expect(image?.getAttribute('loading')).toBeNull();
  });

  // jsdom lays nothing out, so Swiper sees one page and locks its arrows; the e2e visitor test
  // clicks through the slides with the mouse and the keyboard.
  it('gives the carousel named buttons for previous, next and the slides', async () => {
    renderInRouter(<HeroCarousel productsPath="/" />);
    expect(await screen.findByRole('button', { name: 'Next slide' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Previous slide' })).toBeTruthy();
    const bullet = screen.getByRole('button', { name: 'Go to slide 1', current: true });
    expect(bullet.tagName).toBe('BUTTON');
    // Only the first slide's image is fetched at once; the next waits until it is needed.
    expect(
      [...document.querySelectorAll('img')].map((image) => image.getAttribute('loading')),
    ).toEqual([null, 'lazy']);
  });
});
