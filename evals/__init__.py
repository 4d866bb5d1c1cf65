"""Evaluation material: data sets, generators and scorers, kept outside the installed package."""
