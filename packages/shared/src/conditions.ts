/**
 * The condition grades and what each promises, shown wherever a buyer reads a grade or a seller
 * picks one. The battery thresholds are also rules of the product schema (marketplace.ts).
 * Its own module, imported as '@reloop/shared/conditions', so only the pages that show grades
 * carry it, not the home page's first bundle.
 */
export const conditionGrades = {
  excellent: {
    label: 'Excellent',
    meaning: 'No visible wear; the battery holds at least 85% of its original capacity.',
  },
  good: {
    label: 'Good',
    meaning: "Light signs of use, invisible at arm's length; the battery holds at least 80%.",
  },
  fair: {
    label: 'Fair',
    meaning: 'Visible wear such as scratches or small dents, or a battery below 80%.',
  },
} as const;

export type ConditionGrade = keyof typeof conditionGrades;
