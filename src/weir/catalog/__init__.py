"""Catalogs: the raw ``tools/list`` of a server, from a JSON file, a stdio command or a URL."""

from weir.catalog.load import load_catalog, load_catalogs
from weir.catalog.model import Catalog, CatalogError, parse_catalog, read_catalog_file
from weir.catalog.remote import fetch_stdio, fetch_url

__all__ = [
    "Catalog",
    "CatalogError",
    "fetch_stdio",
    "fetch_url",
    "load_catalog",
    "load_catalogs",
    "parse_catalog",
    "read_catalog_file",
]
