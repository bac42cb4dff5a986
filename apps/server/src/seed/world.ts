/** What later seeds need to know about the demo world once every enterprise exists. */
export interface DemoWorld {
  tenants: { huaxin: string; precision: string; plastics: string };
  users: Record<'buyer' | 'buyer.clerk' | 'supplier' | 'supplier2', string>;
}
