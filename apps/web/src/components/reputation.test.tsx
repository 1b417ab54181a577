import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RatingSummary, Stars } from './reputation.tsx';

describe('a rating', () => {
  it('reads "★ 4.8 · 23", and says what it means to a screen reader', () => {
    render(<RatingSummary rating={{ average: 4.8, count: 23 }} />);
    const rating = screen.getByRole('img', { name: 'Rated 4.8 out of 5 from 23 reviews' });
    expect(rating.textContent).toBe('★ 4.8 · 23');
  });

  it('keeps one decimal, and counts one review as one', () => {
    render(<RatingSummary rating={{ average: 5, count: 1 }} />);
    expect(screen.getByRole('img', { name: 'Rated 5.0 out of 5 from 1 review' }).textContent).toBe(
      '★ 5.0 · 1',
    );
  });

  it('shows nothing before the first review', () => {
    const { container } = render(
      <>
        <RatingSummary rating={null} />
        <RatingSummary rating={undefined} />
        <RatingSummary rating={{ average: null, count: 0 }} />
      </>,
    );
    expect(container.innerHTML).toBe('');
  });

  it("draws one review's stars, named by their number", () => {
    render(<Stars rating={4} />);
    expect(screen.getByRole('img', { name: '4 out of 5 stars' }).textContent).toBe('★★★★☆');
  });
});
