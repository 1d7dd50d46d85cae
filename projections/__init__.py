"""nousmem.projections."""
