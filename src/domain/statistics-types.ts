import { z } from 'zod';
import { moneySchema } from './api-types';

// The admin's Statistics tab: the marketplace week by week, as the API returns it. Weeks run
// Monday to Sunday in the operator's time zone; every figure belongs to the week its
// moment fell in (placed, paid, handed over, completed, listed, paid out).

/** How many weeks the tab shows, the current (partial) week last. */
export const STATISTICS_WEEKS = 12;

const statisticsWeekSchema = z.object({
  /** The week's Monday, YYYY-MM-DD, in the operator's time zone. */
  weekStart: z.string(),
  /** Orders placed (checkout), whatever became of them. */
  ordersPlaced: z.number().int(),
  /** Orders moved to Completed. */
  ordersCompleted: z.number().int(),
  /** Books put on the marketplace, deleted ones included. */
  booksListed: z.number().int(),
  /** Books handed over to a borrower: the items of the orders that became Delivered. */
  booksBorrowed: z.number().int(),
  /** Members who placed an order or listed a book. */
  activeMembers: z.number().int(),
  /** Median minutes from placing to the payment recorded, over the orders paid; null without any. */
  medianMinutesToPayment: z.number().int().nullable(),
  /** Median minutes from payment to handover (Delivered), over the orders handed over; null without any. */
  medianMinutesToHandover: z.number().int().nullable(),
  /** Orders completed with a due date: the loans returned. */
  loansReturned: z.number().int(),
  /** Of those, the ones whose return started by the due date. */
  loansReturnedOnTime: z.number().int(),
  /** What borrowers paid for the orders paid (rent and shipping), not cancelled since. */
  collected: moneySchema,
  /** The platform's service fees on those orders' rent. */
  serviceFees: moneySchema,
  /** The gateway's fees on every payment received, borne by the platform. */
  gatewayFees: moneySchema,
  /** Money paid out to owners, by the day paid. */
  ownerPayouts: moneySchema,
});
export type StatisticsWeek = z.infer<typeof statisticsWeekSchema>;

export const weeklyStatisticsSchema = z.object({
  /** The operator's IANA time zone the weeks are counted in. */
  timeZone: z.string(),
  /** STATISTICS_WEEKS weeks, oldest first. */
  weeks: z.array(statisticsWeekSchema),
});
export type WeeklyStatistics = z.infer<typeof weeklyStatisticsSchema>;
