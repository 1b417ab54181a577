import { describe, expect, it } from 'vitest';
import { withoutSubPlans } from './explain.ts';

const reportedList = `Limit  (cost=0.85..40.10 rows=25 width=64)
  ->  Nested Loop  (cost=0.85..4000.10 rows=2500 width=64)
        ->  Index Scan using products_reported_listing_idx on products
        ->  Index Scan using users_pkey on users
        SubPlan 1
          ->  Aggregate
                ->  Sort
                      Sort Key: product_reports.created_at DESC
                      ->  Seq Scan on product_reports
        SubPlan 2
          ->  Aggregate
                ->  Seq Scan on product_reports product_reports_1
Planning Time: 0.2 ms`;

describe('withoutSubPlans', () => {
  it("drops each SubPlan's subtree and keeps the list's own reading", () => {
    const kept = withoutSubPlans(reportedList);
    expect(kept).not.toMatch(/Seq Scan|Sort|SubPlan/);
    expect(kept).toContain('Index Scan using products_reported_listing_idx on products');
    expect(kept).toContain('Planning Time: 0.2 ms');
  });

  it('keeps a Sort or a Seq Scan of the list itself', () => {
    const sorted = `Limit\n  ->  Sort\n        ->  Seq Scan on products\n        SubPlan 1\n          ->  Result`;
    expect(withoutSubPlans(sorted)).toMatch(/Sort/);
    expect(withoutSubPlans(sorted)).toMatch(/Seq Scan on products/);
  });
});
