import type { ModuleFactory } from '../../http/handlers.ts';
import { requestLanguage } from '../content/content.api.ts';
import { StatementRepository } from './statement.repository.ts';
import { toMajor } from '../ledger/ledger.api.ts';
import { findReceipt } from './statement-receipt.ts';
import { toStatementRow } from './statement-rows.ts';

/**
 * POST /api/statement {page, limit, type?, month?}: the caller's transactions, newest first (the plain statement: its
 * total and page in one prepared statement); with a type or month, a count that also sums the money in and out of the
 * whole filtered history beside the page query.
 * GET /api/statement/receipt/:id: the references behind one of the caller's rows (statement-receipt.ts).
 */
export const statementModule: ModuleFactory = ({ db }) => {
  const repository = new StatementRepository(db);
  return {
    name: 'statement',
    handlers: {
      'statement.statement': async ({ member, body, request, reply }) => {
        if (!member) throw new Error('statement: member endpoint without a member');
        // written with JSON.stringify, not encoded by zod on every answer: the rows are built field by field
        // (statement-rows.ts) and the statement tests hold every answer to the contract (docs/performance.md)
        reply.serializer(JSON.stringify);
        const lang = requestLanguage(request);
        const offset = (body.page - 1) * body.limit;
        if (body.type === undefined && body.month === undefined) {
          const { total, rows } = await repository.plainPage(member, body.limit, offset);
          return { total, statements: rows.map((row) => toStatementRow(row, lang)) };
        }
        const filter = { type: body.type, month: body.month };
        const [counted, rows] = await Promise.all([
          repository.filteredCount(member, filter),
          repository.page(member, body.limit, offset, filter),
        ]);
        const statements = rows.map((row) => toStatementRow(row, lang));
        return { total: counted.total, statements, totals: { in: toMajor(counted.in), out: toMajor(counted.out) } };
      },
      'statement.receipt': async ({ member, params }) => {
        if (!member) throw new Error('statement: member endpoint without a member');
        return findReceipt(db, member.id, params.id);
      },
    },
  };
};
