import { statisticsQuerySchema } from '@domain/schemas/statistics';
import { weeklyStatisticsSchema } from '@domain/statistics-types';
import { adminRoute, jsonAnswer, router } from '@server/lib/openapi';
import { weeklyStatistics } from './service';

// The admin's Statistics tab: the marketplace at a glance, week by week. Admin only:
// guests 401, members 403.

const weekly = adminRoute({
  method: 'get',
  path: '/admin/statistics',
  tags: ['Admin'],
  summary:
    'Twelve weeks (Monday to Sunday in the operator’s time zone), oldest first, ending with the current week or the one of `weeksEnding`: orders placed and completed, books listed and borrowed, active members, median times to payment and to handover, loans returned on time, money collected, service and gateway fees, owner payouts',
  request: { query: statisticsQuerySchema },
  responses: { 200: jsonAnswer(weeklyStatisticsSchema, 'Twelve weeks of figures, whole rupiah') },
});

export function statisticsRoutes() {
  return router().openapi(weekly, async (c) =>
    c.json(await weeklyStatistics(c.get('deps'), c.req.valid('query')), 200),
  );
}

export type StatisticsApi = ReturnType<typeof statisticsRoutes>;
