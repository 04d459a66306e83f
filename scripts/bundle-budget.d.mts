export declare const BUDGET_KB: number;
export declare function firstRouteScripts(html: string): string[];
export interface FirstRouteFile {
  url: string;
  raw: number;
  gzip: number;
}
export declare function measureFirstRoute(distDir: string): { files: FirstRouteFile[]; raw: number; gzip: number };
export declare function verdict(gzipBytes: number, budgetKb?: number): { ok: boolean; message: string };
