// The public face of the statement module (the member's statement projection).
export { statementModule } from './statement.routes.ts';
