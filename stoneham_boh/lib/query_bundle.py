"""Several small querysets in one round trip to the database.

A record's page reads many small relations of different models: an application's structures,
animals, documents and payments, or the history rows of ten models. One query each would put
the page over its budget (issue 9: at most 12 queries, whatever the size of the archive), so
`fetch_together()` sends them as one UNION ALL. Each row travels as JSON arrays built by the
database (JSON_ARRAY on SQLite, JSONB_BUILD_ARRAY on PostgreSQL) and is built back into a model
instance holding the values the ORM itself would have given, with its forward
`select_related()` relations (`only()` and `defer()` included) and its non-aggregate
annotations.

`prefetch_together()` fills the prefetch caches of several one-to-many relations from one such
query, so code and templates reading `obj.relation.all()` work unchanged.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Callable, Iterable, Sequence
from datetime import UTC, date, time
from decimal import Decimal

from django.conf import settings
from django.db import connections
from django.db.models import (
    Expression,
    F,
    IntegerField,
    Model,
    Prefetch,
    QuerySet,
    TextField,
    Value,
)
from django.utils.dateparse import parse_datetime, parse_time

# PostgreSQL before 16 builds a JSON array from at most 100 arguments.
_COLUMNS_PER_ARRAY = 90
_INTEGER_TYPES = frozenset(
    {
        "AutoField",
        "BigAutoField",
        "SmallAutoField",
        "IntegerField",
        "BigIntegerField",
        "SmallIntegerField",
        "PositiveIntegerField",
        "PositiveBigIntegerField",
        "PositiveSmallIntegerField",
        "ForeignKey",
        "OneToOneField",
    }
)


def fetch_together(
    querysets: Sequence[QuerySet], *, order_by: str | None = None, limit: int | None = None
) -> list[list[Model]]:
    """The rows of each queryset, as model instances, from one query; each list in the order
    its queryset asks for (the model's Meta.ordering by default).

    `order_by` ("-history_date") and `limit` choose the rows across all of them: the first
    `limit` by a field every model has. A sliced queryset keeps its own slice.
    """
    if not querysets:
        return []
    branches = [_Branch(queryset) for queryset in querysets]
    chunks = max(branch.chunks for branch in branches)
    order_key = order_by.lstrip("-") if order_by else None
    parts = [branch.query(index, chunks, order_key) for index, branch in enumerate(branches)]
    combined = parts[0].union(*parts[1:], all=True) if len(parts) > 1 else parts[0]
    if order_by:
        combined = combined.order_by(f"{'-' if order_by.startswith('-') else ''}bundle_key")
    if limit is not None:
        combined = combined[:limit]
    db = combined.db
    vendor = connections[db].vendor
    results: list[list[Model]] = [[] for _ in branches]
    for row in combined:
        values: list = []
        for number in range(chunks):
            values += json.loads(row[f"bundle_part{number}"], parse_float=Decimal)
        index = row["bundle_branch"]
        results[index].append(branches[index].instance(values, vendor, db))
    for branch, rows in zip(branches, results, strict=True):
        _sort(rows, branch.ordering)
    return results


def prefetch_together(*wanted: tuple[Iterable[Model], str | Prefetch]) -> None:
    """Fill the prefetch cache of one-to-many relations from one query.

    Each wanted item is (parents, relation name) or (parents, Prefetch(name, queryset)); the
    parents are model instances already fetched. Afterwards `parent.<name>.all()` reads the
    cache, as after `prefetch_related()`.
    """
    plans = []
    for parents, lookup in wanted:
        parents = [parent for parent in parents if parent is not None]
        if not parents:
            continue
        name = lookup.prefetch_through if isinstance(lookup, Prefetch) else lookup
        if isinstance(lookup, Prefetch) and lookup.to_attr:
            raise ValueError("prefetch_together() fills the relation's own cache, not to_attr.")
        relation = getattr(type(parents[0]), name).rel
        fk = relation.field
        base = getattr(lookup, "queryset", None)
        if base is None:
            base = relation.related_model._default_manager.all()
        ids = {getattr(parent, fk.target_field.attname) for parent in parents}
        plans.append((parents, name, fk, base.filter(**{f"{fk.name}__in": ids})))
    fetched = fetch_together([queryset for *_, queryset in plans])
    for (parents, name, fk, _), rows in zip(plans, fetched, strict=True):
        by_parent: dict = {}
        for row in rows:
            by_parent.setdefault(getattr(row, fk.attname), []).append(row)
        for parent in parents:
            children = by_parent.get(getattr(parent, fk.target_field.attname), [])
            for child in children:
                fk.set_cached_value(child, parent)
            cache = parent.__dict__.setdefault("_prefetched_objects_cache", {})
            cache.pop(name, None)
            queryset = getattr(parent, name).get_queryset()
            queryset._result_cache = children
            queryset._prefetch_done = True
            cache[name] = queryset


# --- Packing and unpacking ---------------------------------------------------------------------


class _Packed(Expression):
    """Columns of a row as one JSON array, built by the database.

    Columns are taken straight from the tables (as select_related() does) rather than through
    F() lookups: a page packs hundreds of columns, and resolving each lookup by name would
    cost more than the queries saved.
    """

    output_field = TextField()  # the JSON text, decoded here with exact decimals

    def __init__(self, columns):
        super().__init__()
        self.columns = columns  # (relation path, or None for an annotation; field or name)
        self.resolved: list = []

    def resolve_expression(
        self, query=None, allow_joins=True, reuse=None, summarize=False, for_save=False
    ):
        resolved = self.copy()
        aliases = {"": query.get_initial_alias()}
        expressions = []
        for path, target in self.columns:
            if path is None:
                expressions.append(query.resolve_ref(target))
                continue
            if path not in aliases:
                # Nullable relations become LEFT OUTER joins, as in select_related().
                joins = query.setup_joins(path.split("__"), query.get_meta(), aliases[""]).joins
                aliases[path] = joins[-1]
            expressions.append(target.get_col(aliases[path]))
        resolved.resolved = expressions
        return resolved

    def get_source_expressions(self):
        return list(self.resolved)

    def set_source_expressions(self, expressions):
        self.resolved = list(expressions)

    def as_sql(self, compiler, connection):
        parts, params = [], []
        for expression in self.resolved:
            sql, expression_params = compiler.compile(expression)
            parts.append(sql)
            params.extend(expression_params)
        function = "JSONB_BUILD_ARRAY" if connection.vendor == "postgresql" else "JSON_ARRAY"
        return f"{function}({', '.join(parts)})", params


class _Branch:
    """How one queryset's rows are packed into JSON, and unpacked again."""

    def __init__(self, queryset: QuerySet):
        if queryset.query.combinator or queryset.query.distinct:
            raise ValueError("fetch_together() takes plain querysets (no union, no distinct).")
        self.queryset = queryset
        self.model = queryset.model
        self.ordering = _ordering(queryset)
        self.fields = _loaded_fields(queryset, self.model, "")
        # The rows are sorted here, so the fields they sort by are loaded even if deferred.
        meta = self.model._meta
        for key in self.ordering:
            field = meta.pk if key.lstrip("-") == "pk" else meta.get_field(key.lstrip("-"))
            if field not in self.fields:
                self.fields.append(field)
        self.columns: list[tuple[str | None, object]] = [("", f) for f in self.fields]
        self.related = []  # (path, FK field, related model, its fields, first column)
        for path in _related_paths(queryset.query.select_related):
            parent_model = self.model
            for name in path.split("__")[:-1]:
                parent_model = parent_model._meta.get_field(name).related_model
            field = parent_model._meta.get_field(path.split("__")[-1])
            if not (field.many_to_one or field.one_to_one) or field.auto_created:
                raise ValueError(f"fetch_together() follows forward relations only, not {path}.")
            fields = _loaded_fields(queryset, field.related_model, f"{path}__")
            self.related.append((path, field, field.related_model, fields, len(self.columns)))
            self.columns += [(path, f) for f in fields]
        self.annotations = []
        for name, expression in queryset.query.annotation_select.items():
            if expression.contains_aggregate:
                raise ValueError(f"Annotate {name} with a Subquery, not an aggregate.")
            self.annotations.append((name, expression.output_field, len(self.columns)))
            self.columns.append((None, name))

    @property
    def chunks(self) -> int:
        return -(-len(self.columns) // _COLUMNS_PER_ARRAY)

    def query(self, index: int, chunks: int, order_key: str | None) -> QuerySet:
        queryset = self.queryset
        if queryset.query.is_sliced:
            # SQLite takes no LIMIT in a member of a UNION: the slice chooses the rows in a
            # subquery instead.
            chosen = queryset.values("pk")
            queryset = queryset._chain()
            queryset.query.clear_limits()
            queryset = queryset.filter(pk__in=chosen)
        columns = {"bundle_branch": Value(index, output_field=IntegerField())}
        for number in range(chunks):
            part = self.columns[number * _COLUMNS_PER_ARRAY : (number + 1) * _COLUMNS_PER_ARRAY]
            columns[f"bundle_part{number}"] = _Packed(part)
        if order_key:
            columns["bundle_key"] = F(order_key)
        return queryset.order_by().values(**columns)

    def instance(self, values: list, vendor: str, db: str) -> Model:
        obj = _build(self.model, self.fields, values, 0, vendor, db)
        built = {"": obj}
        for path, field, model, fields, start in self.related:
            parent = built.get(path.rsplit("__", 1)[0] if "__" in path else "")
            if parent is None:
                continue
            pk_at = start + fields.index(model._meta.pk)
            related = (
                None if values[pk_at] is None else _build(model, fields, values, start, vendor, db)
            )
            field.set_cached_value(parent, related)
            built[path] = related
        for name, output_field, at in self.annotations:
            setattr(obj, name, _python(output_field, values[at], vendor))
        return obj


def _related_paths(select_related, prefix: str = "") -> list[str]:
    if select_related is True:
        raise ValueError("Name the relations: select_related() without names is not supported.")
    paths = []
    for name, nested in (select_related or {}).items():
        path = f"{prefix}{name}"
        paths.append(path)
        paths.extend(_related_paths(nested, f"{path}__"))
    return paths


def _loaded_fields(queryset: QuerySet, model, prefix: str) -> list:
    """The concrete fields of `model` (the queryset's own, or one it selects related at
    `prefix`) that the queryset loads: all, or those `only()` and `defer()` leave."""
    names, defer = queryset.query.deferred_loading
    fields = list(model._meta.concrete_fields)
    mine = {
        name[len(prefix) :]
        for name in names
        if name.startswith(prefix) and "__" not in name[len(prefix) :]
    }
    if not names or (not mine and defer):
        return fields
    if defer:
        return [f for f in fields if f.name not in mine or f.primary_key]
    return [f for f in fields if f.name in mine or f.attname in mine or f.primary_key]


def _build(model, fields, values: list, start: int, vendor: str, db: str) -> Model:
    converted = []
    for offset, field in enumerate(fields):
        value = values[start + offset]
        converted.append(None if value is None else _converter(field, vendor)(value))
    return model.from_db(db, [field.attname for field in fields], converted)


def _python(field, value, vendor: str):
    """The Python value the ORM gives for `field`, from the value JSON carried."""
    return None if value is None else _converter(field, vendor)(value)


@functools.cache
def _converter(field, vendor: str) -> Callable:
    """How to turn what JSON carried for `field` into the value the ORM gives."""
    kind = field.get_internal_type()
    if kind in _INTEGER_TYPES:
        return int
    if kind == "BooleanField":
        return bool
    if kind == "FloatField":
        return float
    if kind == "DecimalField":
        return functools.partial(_decimal, places=field.decimal_places)
    if kind == "DateField":
        return _date
    if kind == "DateTimeField":
        return _datetime
    if kind == "TimeField":
        return _time
    if kind == "JSONField" and vendor == "sqlite":
        return _json_text
    return _same


def _decimal(value, places: int | None) -> Decimal:
    number = value if isinstance(value, Decimal) else Decimal(str(value))
    # As the ORM's SQLite converter does: SQLite keeps 150.0 as the integer 150.
    return number if places is None else number.quantize(Decimal(1).scaleb(-places))


def _date(value: str) -> date:
    return date.fromisoformat(value[:10])


def _datetime(value: str):
    moment = parse_datetime(value)
    if moment is not None and settings.USE_TZ and moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)  # SQLite keeps UTC without an offset
    return moment


def _time(value):
    return value if isinstance(value, time) else parse_time(value)


def _json_text(value):
    # SQLite carries a JSON column as its text; PostgreSQL nests it as JSON.
    return json.loads(value) if isinstance(value, str) else value


def _same(value):
    return value


def _ordering(queryset: QuerySet) -> list[str]:
    query = queryset.query
    ordering = list(query.order_by) or (
        list(queryset.model._meta.ordering) if query.default_ordering else []
    )
    for key in ordering:
        if not isinstance(key, str) or "__" in key or key.lstrip("-") == "?":
            raise ValueError(f"fetch_together() sorts by plain field names, not {key!r}.")
    return ordering


def _sort(rows: list[Model], ordering: list[str]) -> None:
    """Sort as the database would (None first), by pk last for a stable order."""
    if not rows:
        return
    meta = rows[0]._meta
    rows.sort(key=lambda row: row.pk)
    for key in reversed(ordering):
        name = key.lstrip("-")
        attname = "pk" if name == "pk" else meta.get_field(name).attname
        rows.sort(
            key=lambda row, attname=attname: _none_first(getattr(row, attname)),
            reverse=key.startswith("-"),
        )


def _none_first(value) -> tuple:
    return (False, 0) if value is None else (True, value)
