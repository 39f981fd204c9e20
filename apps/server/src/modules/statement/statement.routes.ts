import type { ModuleFactory } from '../../http/handlers.ts';
import { requestLanguage } from '../content/content.api.ts';
import { StatementRepository } from './statement.repository.ts';
import { toStatementRow } from './statement-rows.ts';

/** POST /api/statement {page, limit}: the caller's transactions, newest first (one count, one page query). */
export const statementModule: ModuleFactory = ({ db }) => {
  const repository = new StatementRepository(db);
  return {
    name: 'statement',
    handlers: {
      'statement.statement': async ({ member, body, request }) => {
        if (!member) throw new Error('statement: member endpoint without a member');
        const [total, rows] = await Promise.all([
          repository.count(member.id),
          repository.page(member, body.limit, (body.page - 1) * body.limit),
        ]);
        const lang = requestLanguage(request);
        return { total, statements: rows.map((row) => toStatementRow(row, lang)) };
      },
    },
  };
};
