import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

// Shapes that both the server and components use live in app/domain (issue 24, the team's layer rule):
// a component never imports from a `.server` module (not even a type, erased at build time or not), a
// route module takes a shape from app/domain rather than from a server module, and no server module
// declares its own copy of a shape app/domain has.

const ROOT = path.resolve(__dirname, "../..");

function filesUnder(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && /\.tsx?$/.test(e.name))
    .map((e) => path.relative(ROOT, path.join(e.parentPath, e.name)));
}

function parse(file: string): ts.SourceFile {
  return ts.createSourceFile(file, readFileSync(path.join(ROOT, file), "utf8"), ts.ScriptTarget.Latest, true);
}

const isServerModule = (specifier: string) => /\.server(\.tsx?)?$/.test(specifier) || specifier.startsWith("~/server/");

/** Each import of a server module: the file, the module and the names taken from it. */
function serverImports(file: string): { module: string; names: string[] }[] {
  const out: { module: string; names: string[] }[] = [];
  for (const statement of parse(file).statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    const module = statement.moduleSpecifier.text;
    if (!isServerModule(module)) continue;
    const bindings = statement.importClause?.namedBindings;
    const names = bindings && ts.isNamedImports(bindings) ? bindings.elements.map((e) => (e.propertyName ?? e.name).text) : ["*"];
    out.push({ module, names });
  }
  return out;
}

/** Type and interface names a file exports. */
function exportedTypeNames(file: string): string[] {
  const names: string[] = [];
  for (const statement of parse(file).statements) {
    const exported = ts.canHaveModifiers(statement) && ts.getModifiers(statement)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
    if (exported && (ts.isInterfaceDeclaration(statement) || ts.isTypeAliasDeclaration(statement))) names.push(statement.name.text);
  }
  return names;
}

const domainShapes = new Map<string, string>();
for (const file of filesUnder("app/domain")) for (const name of exportedTypeNames(file)) domainShapes.set(name, file);

describe("shared shapes live in app/domain", () => {
  it("knows the shapes components use (the rule is not vacuous)", () => {
    for (const name of ["BudgetSummary", "ShellData", "ExpenseJson", "LineJson", "AdminUser", "Feature", "SupportMessage", "SharingSettings"]) {
      expect(domainShapes.has(name), name).toBe(true);
    }
  });

  it("no component imports anything from a .server module", () => {
    const found = filesUnder("app/components").flatMap((file) => serverImports(file).map((i) => `${file}: ${i.names.join(", ")} from ${i.module}`));
    expect(found).toEqual([]);
  });

  it("no route module takes a domain shape from a .server module", () => {
    const found = filesUnder("app/routes").flatMap((file) =>
      serverImports(file).flatMap((i) => i.names.filter((n) => domainShapes.has(n)).map((n) => `${file}: ${n} from ${i.module} (it lives in ${domainShapes.get(n)})`)),
    );
    expect(found).toEqual([]);
  });

  it("no server module declares its own copy of a domain shape", () => {
    const found = filesUnder("app/server").flatMap((file) =>
      exportedTypeNames(file)
        .filter((n) => domainShapes.has(n))
        .map((n) => `${file}: ${n} (also in ${domainShapes.get(n)})`),
    );
    expect(found).toEqual([]);
  });
});
